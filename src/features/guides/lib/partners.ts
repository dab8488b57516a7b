/** The partner groups and their members, as SPEC §2 lists them. Brand names are not translated. */
export const partnerGroups = [
  { id: 'telecom', members: ['ATOM', 'Mytel', 'MPT', 'Ooredoo'] },
  { id: 'financial', members: ['AYA Bank', 'UAB Bank', 'KBZ Bank', 'CB Bank'] },
  { id: 'payment', members: ['WavePay', 'AYA Pay', 'UAB Pay', 'KBZPay'] },
  // SPEC names no agency: the page describes it rather than invent a company name.
  { id: 'marketing', members: [null] },
] as const;

export type PartnerGroupId = (typeof partnerGroups)[number]['id'];

/** Up to two capital letters for a member's badge, e.g. 'KBZ Bank' -> 'KB'. */
export function initials(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  const letters =
    words.length > 1 ? words.map((word) => word[0]).join('') : name.replace(/[^A-Z]/g, '') || name;
  return letters.slice(0, 2).toUpperCase();
}
