import type { Mermaid } from 'mermaid';

/** Draws a diagram and resolves with its SVG markup. */
export type DiagramRenderer = (
  id: string,
  definition: string,
  options: DiagramOptions,
) => Promise<string>;

export type DiagramOptions = {
  fontFamily: string;
  /** Narrower boxes and tighter spacing, for a chart that must fit a phone's width. */
  compact?: boolean;
};

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
export const renderWithMermaid: DiagramRenderer = async (
  id,
  definition,
  { fontFamily, compact = false },
) => {
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
      fontSize: compact ? '14px' : '15px',
      background: '#121a3a',
      primaryColor: '#161f44',
      primaryTextColor: '#eef1ff',
      primaryBorderColor: '#f6c344',
      secondaryColor: '#1b2557',
      tertiaryColor: '#121a3a',
      lineColor: '#b9c1e6',
      edgeLabelBackground: '#0a0f24',
    },
    flowchart: {
      htmlLabels: true,
      useMaxWidth: true,
      wrappingWidth: compact ? 120 : 190,
      nodeSpacing: compact ? 24 : 50,
      rankSpacing: compact ? 36 : 50,
      padding: compact ? 8 : 15,
    },
  });
  const { svg } = await mermaid.render(id, definition);
  return svg;
};
