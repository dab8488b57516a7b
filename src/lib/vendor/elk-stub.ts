/**
 * Stands in for elkjs (vite.config.ts aliases `elkjs/lib/elk.bundled.js` here). Mermaid's layout
 * loader can import the ELK layout, a 1.5 MB chunk under EPL-2.0 OR GPL-3.0+, which the shop's
 * diagrams never use: the flowchart on /about is laid out by dagre. A diagram that asked for
 * `layout: elk` gets mermaid's own error instead of a layout.
 */
export default class ElkUnavailable {
  layout(): Promise<never> {
    return Promise.reject(new Error('The ELK layout is not part of this build; use dagre'));
  }
}
