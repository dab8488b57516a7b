import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { flowchartDefinition, type FlowchartLabels } from '../lib/flowchart';
import { renderWithMermaid, type DiagramRenderer } from '../lib/mermaid-renderer';
import './guides.css';
import { toLanguage } from '../../../lib/i18n/languages';

type PurchaseFlowchartProps = {
  /** Draws the diagram (default: mermaid, loaded on first use). */
  render?: DiagramRenderer;
};

type DiagramState = { status: 'loading' } | { status: 'ready'; svg: string } | { status: 'error' };

/** What a drawing was made from: a drawing of other inputs is stale (loading again). */
type Drawn = {
  definition: string;
  language: string;
  compact: boolean;
  render: DiagramRenderer;
  state: DiagramState;
};

const fonts = {
  en: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  my: "'Noto Sans Myanmar', 'Myanmar Text', Padauk, sans-serif",
};

/**
 * A canvas narrower than this (a phone) shows the steps as an ordered list instead of the chart:
 * scaled to fit, the chart's text fell to about 10 px and long Burmese labels broke mid-syllable.
 */
const COMPACT_BELOW_PX = 560;

let renderCount = 0;

/**
 * The purchase flow drawn by mermaid in the UI language, redrawn when the language changes, with
 * the same steps as a text list. A failure shows 'Error rendering flowchart.'.
 */
export function PurchaseFlowchart({ render = renderWithMermaid }: PurchaseFlowchartProps) {
  const { t, i18n } = useTranslation('about');
  const headingId = useId();
  const language = toLanguage(i18n.language);
  const [drawn, setDrawn] = useState<Drawn | null>(null);
  const canvasRef = useRef<HTMLDivElement>(null);
  // Whether the card is phone-narrow; followed as the screen turns or the window is resized.
  const [compact, setCompact] = useState<boolean | null>(null);

  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const measure = () => setCompact(canvas.clientWidth < COMPACT_BELOW_PX);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(canvas);
    return () => observer.disconnect();
  }, []);

  const labels = useMemo<FlowchartLabels>(
    () => ({
      title: t('flowchart.label'),
      description: t('flowchart.lead'),
      nodes: t('flowchart.nodes', { returnObjects: true }),
      edges: t('flowchart.edges', { returnObjects: true }),
    }),
    [t],
  );
  const definition = useMemo(() => flowchartDefinition(labels), [labels]);

  useEffect(() => {
    // On a phone the steps are a list (readable at body size in both languages), not a chart.
    if (compact !== false) return;
    let cancelled = false;
    const setState = (state: DiagramState) =>
      setDrawn({ definition, language, compact, render, state });
    const draw = async () => {
      // Text is measured for the layout, so the Burmese font must be there first.
      await document.fonts?.ready;
      renderCount += 1;
      return render(`purchase-flow-${renderCount}`, definition, {
        fontFamily: fonts[language],
        compact,
      });
    };
    draw().then(
      (svg) => !cancelled && setState({ status: 'ready', svg }),
      (error: unknown) => {
        console.info('The purchase flowchart could not be drawn.', error);
        if (!cancelled) setState({ status: 'error' });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [definition, language, render, compact]);

  const state: DiagramState =
    drawn &&
    drawn.definition === definition &&
    drawn.language === language &&
    drawn.compact === compact &&
    drawn.render === render
      ? drawn.state
      : { status: 'loading' };

  return (
    <section className="flowchart" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('flowchart.title')}</h2>
      <p className="lead">{t('flowchart.lead')}</p>
      <div
        ref={canvasRef}
        className="card flowchart__canvas"
        aria-busy={!compact && state.status === 'loading'}
      >
        {compact && <FlowchartSteps labels={labels} className="flowchart__steps" />}
        {!compact && state.status === 'loading' && (
          <p className="flowchart__status" role="status">
            <span className="spinner" aria-hidden="true" />
            {t('flowchart.loading')}
          </p>
        )}
        {!compact && state.status === 'error' && (
          <p className="alert alert--danger" role="alert">
            {t('flowchart.error')}
          </p>
        )}
        {!compact && state.status === 'ready' && (
          <div
            className="flowchart__diagram"
            role="img"
            aria-label={t('flowchart.label')}
            // Focusable, so that a keyboard can scroll the chart on a narrow screen.
            tabIndex={0}
            dangerouslySetInnerHTML={{ __html: state.svg }}
          />
        )}
      </div>
      {compact === false && (
        <details className="flowchart__text">
          <summary>{t('flowchart.textVersion')}</summary>
          <FlowchartSteps labels={labels} />
        </details>
      )}
    </section>
  );
}

type FlowchartStepsProps = { labels: FlowchartLabels; className?: string };

/** The purchase steps of the chart as an ordered list, with the two side branches. */
function FlowchartSteps({ labels: { nodes, edges }, className }: FlowchartStepsProps) {
  return (
    <ol className={className}>
      <li>{nodes.plan}</li>
      <li>{nodes.operator}</li>
      <li>{nodes.contact}</li>
      <li>
        {nodes.pay}
        <br />
        <span className="muted">
          {edges.timeout}: {nodes.expired}
        </span>
      </li>
      <li>{nodes.upload}</li>
      <li>
        {nodes.verify}
        <br />
        <span className="muted">
          {edges.notConfirmed}: {nodes.retry}
        </span>
      </li>
      <li>{nodes.delivered}</li>
      <li>{nodes.install}</li>
    </ol>
  );
}
