import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkCompatibility, detectDeviceModel } from '../../../lib/ai/compatibility';
import { toUnicode } from '../../../lib/zawgyi/zawgyi';
import { detectFromBrowser, displayModel, type NavigatorLike } from '../lib/detect-device';
import { matchDevice } from '../lib/match-device';
import { aiOutcome, tableOutcome, type InfoKey, type Outcome } from '../lib/outcome';

/** SPEC §4: idle, detecting, checking, then a result. */
export type Phase = 'idle' | 'detecting' | 'checking';

const info = (key: InfoKey): Outcome => ({ source: 'info', tone: 'info', info: key });

/**
 * The checker's state: the model in the box, the phase and the last outcome. On mount it
 * detects the visitor's device (browser first, then the AI detector) and checks what it finds.
 */
export function useCompatibilityCheck() {
  const { i18n } = useTranslation();
  const [model, setModel] = useState('');
  const [phase, setPhase] = useState<Phase>('detecting');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const current = useRef<AbortController | null>(null);
  const language = useRef(i18n.language);
  language.current = i18n.language;

  const check = useCallback(async (input: string, options: { silent?: boolean } = {}) => {
    current.current?.abort();
    const text = input.trim();
    if (!text) {
      // Blank input: the info message, except during auto-detection (SPEC §5).
      setOutcome(options.silent ? null : info('empty'));
      setPhase('idle');
      return;
    }
    const match = matchDevice(text);
    if (match) {
      setOutcome(tableOutcome(match.entry));
      setPhase('idle');
      return;
    }
    const controller = new AbortController();
    current.current = controller;
    setOutcome(null);
    setPhase('checking');
    try {
      const unicode = await toUnicode(text);
      const answer = await checkCompatibility(unicode, language.current, controller.signal);
      if (!controller.signal.aborted) setOutcome(aiOutcome(text, answer));
    } catch {
      if (!controller.signal.aborted) setOutcome({ source: 'error', tone: 'error' });
    } finally {
      if (current.current === controller) {
        current.current = null;
        setPhase('idle');
      }
    }
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const detect = async () => {
      const nav = navigator as unknown as NavigatorLike;
      const found = await detectFromBrowser(nav).catch(
        () => ({ kind: 'unknown', iphone: false }) as const,
      );
      if (signal.aborted) return;
      if (found.kind === 'desktop') {
        setOutcome(info('desktop'));
        setPhase('idle');
        return;
      }
      let detected = found.kind === 'model' ? found.model : '';
      if (!detected) {
        detected = await detectDeviceModel(nav.userAgent, signal).then(displayModel, () => '');
        if (signal.aborted) return;
      }
      if (!detected) {
        setOutcome(info(found.kind === 'unknown' && found.iphone ? 'iphone' : 'unknownDevice'));
        setPhase('idle');
        return;
      }
      setModel(detected);
      await check(detected, { silent: true });
    };
    void detect();
    return () => {
      controller.abort();
      current.current?.abort();
    };
  }, [check]);

  return { model, setModel, phase, outcome, check };
}
