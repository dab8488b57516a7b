/** The labels of the purchase flowchart, in the UI language. */
export type FlowchartLabels = {
  title: string;
  description: string;
  nodes: Record<
    | 'plan'
    | 'operator'
    | 'contact'
    | 'pay'
    | 'expired'
    | 'upload'
    | 'verify'
    | 'retry'
    | 'delivered'
    | 'install',
    string
  >;
  edges: Record<'paid' | 'timeout' | 'confirmed' | 'notConfirmed', string>;
};

/** Mermaid label text: quotes become entities, line breaks become spaces. */
const label = (value: string) => `"${value.replace(/"/g, '#quot;').replace(/\s+/g, ' ').trim()}"`;
const line = (value: string) => value.replace(/\s+/g, ' ').trim();

/** The mermaid source of the purchase flow (SPEC §4), with every label from the UI language. */
export function flowchartDefinition({ title, description, nodes, edges }: FlowchartLabels): string {
  return [
    'flowchart TD',
    `  accTitle: ${line(title)}`,
    `  accDescr: ${line(description)}`,
    `  plan[${label(nodes.plan)}] --> operator[${label(nodes.operator)}]`,
    `  operator --> contact[${label(nodes.contact)}]`,
    `  contact --> pay[${label(nodes.pay)}]`,
    `  pay -->|${label(edges.paid)}| upload[${label(nodes.upload)}]`,
    `  pay -.->|${label(edges.timeout)}| expired[${label(nodes.expired)}]`,
    '  expired -.-> plan',
    `  upload --> verify{${label(nodes.verify)}}`,
    `  verify -->|${label(edges.confirmed)}| delivered[${label(nodes.delivered)}]`,
    `  verify -->|${label(edges.notConfirmed)}| retry[${label(nodes.retry)}]`,
    '  retry --> upload',
    `  delivered --> install[${label(nodes.install)}]`,
    '  classDef done fill:#12402f,stroke:#4ade80,color:#eef1ff',
    '  classDef warn fill:#40331a,stroke:#fde68a,color:#eef1ff',
    '  class delivered,install done',
    '  class expired,retry warn',
  ].join('\n');
}
