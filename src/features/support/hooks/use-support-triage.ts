import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../../lib/services';
import { useRequest, type RequestState } from '../../../hooks/use-request';
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

type Triage = { analysis: SupportAnalysis; issue: string };

export function useSupportTriage() {
  const { i18n } = useTranslation();
  const { ai } = useServices();
  const request = useRequest<Triage>();
  const { run, reset } = request;

  const analyse = useCallback(
    async (text: string) => {
      const issue = text.trim().slice(0, SUPPORT_ISSUE_MAX_CHARS);
      if (!issue) return;
      await run(async (signal) => {
        const unicode = await toUnicode(issue);
        const analysis = await triageSupportRequest(ai, unicode, i18n.language, signal);
        return { analysis, issue: unicode };
      });
    },
    [ai, i18n, run],
  );

  return { state: toTriageState(request.state), analyse, reset };
}

function toTriageState(state: RequestState<Triage>): TriageState {
  switch (state.status) {
    case 'pending':
      return { phase: 'analysing' };
    case 'success':
      return { phase: 'result', ...state.data };
    case 'error':
      return { phase: 'error' };
    default:
      return { phase: 'idle' };
  }
}
