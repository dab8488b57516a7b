import { jsonResponse, type GeminiCall } from './gemini-rest';

/** Demo answers for the Veo long-running operation and the video download (see issue #6). */
export function answerDemoVideoCall(call: GeminiCall): Response {
  return jsonResponse(
    {
      error: {
        code: 501,
        message: `Demo mode does not answer ${call.kind} yet`,
        status: 'UNIMPLEMENTED',
      },
    },
    { status: 501 },
  );
}
