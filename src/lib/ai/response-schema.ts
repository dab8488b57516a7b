import type { Schema } from '@google/genai';
import type { PlainSchema } from '#domain/plain-schema';

export const toSchema = (schema: PlainSchema): Schema => schema as unknown as Schema;
