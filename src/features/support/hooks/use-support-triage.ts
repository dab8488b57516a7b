import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SUPPORT_ISSUE_MAX_CHARS,
  triageSupportRequest,
  type SupportAnalysis,
} from '../../../lib/ai/support';
import { toUnicode } from '../../../lib/zawgyi/zawgyi';

/** SPEC §4: idle, analysing, then a result or an error; try again returns to idle. */
export type TriageState =
  | { phase: 'idle' }
  | { phase: 'analysing' }
  | { phase: 'result'; analysis: SupportAnalysis; issue: string }
  | { phase: 'error' };

export function useSupportTriage() {
  const { i18n } = useTranslation();
  const [state, setState] = useState<TriageState>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const analyse = useCallback(
    async (text: string) => {
      const issue = text.trim().slice(0, SUPPORT_ISSUE_MAX_CHARS);
      if (!issue || controller.current) return;
      const current = new AbortController();
      controller.current = current;
      setState({ phase: 'analysing' });
      try {
        const unicode = await toUnicode(issue);
        const analysis = await triageSupportRequest(unicode, i18n.language, current.signal);
        if (!current.signal.aborted) setState({ phase: 'result', analysis, issue: unicode });
      } catch {
        if (!current.signal.aborted) setState({ phase: 'error' });
      } finally {
        if (controller.current === current) controller.current = null;
      }
    },
    [i18n],
  );

  const reset = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setState({ phase: 'idle' });
  }, []);

  return { state, analyse, reset };
}
