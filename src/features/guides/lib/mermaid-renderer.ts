import type { Mermaid } from 'mermaid';

/** Draws a diagram and resolves with its SVG markup. */
export type DiagramRenderer = (
  id: string,
  definition: string,
  options: { fontFamily: string },
) => Promise<string>;

let loading: Promise<Mermaid> | undefined;

/** Loads mermaid on first use only (it is large, and only the about page draws a diagram). */
function loadMermaid(): Promise<Mermaid> {
  loading ??= import('mermaid').then(
    (module) => module.default,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Renders with mermaid: dagre layout, strict security, the site's colours and font. */
export const renderWithMermaid: DiagramRenderer = async (id, definition, { fontFamily }) => {
  const mermaid = await loadMermaid();
  mermaid.initialize({
    startOnLoad: false,
    suppressErrorRendering: true,
    securityLevel: 'strict',
    layout: 'dagre',
    theme: 'base',
    fontFamily,
    themeVariables: {
      fontFamily,
      fontSize: '15px',
      background: '#121a3a',
      primaryColor: '#161f44',
      primaryTextColor: '#eef1ff',
      primaryBorderColor: '#f6c344',
      secondaryColor: '#1b2557',
      tertiaryColor: '#121a3a',
      lineColor: '#b9c1e6',
      edgeLabelBackground: '#0a0f24',
    },
    flowchart: { htmlLabels: true, wrappingWidth: 190, useMaxWidth: true },
  });
  const { svg } = await mermaid.render(id, definition);
  return svg;
};
