import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../../lib/services';
import { useRequest } from '../../../hooks/use-request';
import {
  checkCompatibility,
  detectDeviceModel,
  prepareCompatibilityCheck,
} from '../../../lib/ai/compatibility';
import { toUnicode } from '../../../lib/zawgyi/zawgyi';
import { detectFromBrowser, displayModel, type NavigatorLike } from '../lib/detect-device';
import { matchDevice } from '../lib/match-device';
import { aiOutcome, tableOutcome, type InfoKey, type Outcome } from '../lib/outcome';

/** SPEC §4: idle, detecting, checking, then a result. */
export type Phase = 'idle' | 'detecting' | 'checking';

const info = (key: InfoKey): Outcome => ({ source: 'info', tone: 'info', info: key });

const failed: Outcome = { source: 'error', tone: 'error' };

/**
 * The checker's state: the model in the box, the phase and the last outcome. On mount it
 * detects the visitor's device (browser first, then the AI detector) and checks what it finds.
 * An answer from the device table or a notice is shown at once; an AI check goes through one
 * request, which a newer check replaces.
 */
export function useCompatibilityCheck() {
  const { i18n } = useTranslation();
  const { ai } = useServices();
  const [model, setModel] = useState('');
  const [detecting, setDetecting] = useState(true);
  /** The outcome decided without the AI (table or notice); null while the AI has the word. */
  const [local, setLocal] = useState<Outcome | null>(null);
  const request = useRequest<Outcome>({ whileBusy: 'replace' });
  const { run, reset } = request;

  const check = useCallback(
    async (input: string, options: { silent?: boolean } = {}) => {
      const text = input.trim();
      const match = text ? matchDevice(text) : null;
      if (!text || match) {
        reset();
        // Blank input: the info message, except during auto-detection (SPEC §5).
        setLocal(match ? tableOutcome(match.entry) : options.silent ? null : info('empty'));
        return;
      }
      setLocal(null);
      const language = i18n.language;
      await run(async (signal) => {
        const unicode = await toUnicode(text);
        return aiOutcome(text, await checkCompatibility(ai, unicode, language, signal));
      });
    },
    [ai, i18n, reset, run],
  );

  const checkDetected = useEffectEvent((detected: string) => check(detected, { silent: true }));

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const finish = (notice: Outcome) => {
      setLocal(notice);
      setDetecting(false);
    };
    const detect = async () => {
      const nav = navigator as unknown as NavigatorLike;
      // A phone the device table does not know is checked by the AI: its transport loads now.
      void prepareCompatibilityCheck(ai);
      const found = await detectFromBrowser(nav).catch(
        () => ({ kind: 'unknown', iphone: false }) as const,
      );
      if (signal.aborted) return;
      if (found.kind === 'desktop') return finish(info('desktop'));
      let detected = found.kind === 'model' ? found.model : '';
      if (!detected) {
        detected = await detectDeviceModel(ai, nav.userAgent, signal).then(displayModel, () => '');
        if (signal.aborted) return;
      }
      if (!detected) {
        return finish(info(found.kind === 'unknown' && found.iphone ? 'iphone' : 'unknownDevice'));
      }
      setModel(detected);
      setDetecting(false);
      await checkDetected(detected);
    };
    void detect();
    return () => controller.abort();
  }, [ai]);

  const phase: Phase = detecting ? 'detecting' : request.pending ? 'checking' : 'idle';
  const outcome =
    request.state.status === 'success'
      ? request.state.data
      : request.state.status === 'error'
        ? failed
        : local;
  return { model, setModel, phase, outcome, check };
}
