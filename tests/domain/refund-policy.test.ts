import { describe, expect, it } from 'vitest';
import {
  decideRequest,
  ESIM_STANDINGS,
  FAULT_DAYS,
  POLICY_RULES,
  REFUND_DAYS,
  REPLACE_DAYS,
  REQUEST_REASONS,
  standingOf,
  type EsimStanding,
  type RequestKind,
  type RequestReason,
} from '../../src/domain/refund-policy';

/**
 * The refund policy (issue #41): each reason in each state of the eSIM, asked as a refund and as
 * a new eSIM, on the day of payment and after the policy's days, decided by the table below.
 */

const DAY = 86_400_000;
const PAID = Date.parse('2026-11-01T10:00:00Z');

/** [reason, standing, asked refund → , asked replace → , days] written out by hand. */
const TABLE: [RequestReason, EsimStanding, string, string, number | null][] = [
  ['not_installed', 'not_handed', 'refund', 'refuse', null],
  ['wrong_phone', 'not_handed', 'refund', 'refuse', null],
  ['deleted', 'not_handed', 'refund', 'refuse', null],
  ['plans_changed', 'not_handed', 'refund', 'refuse', null],
  ['no_connection', 'not_handed', 'refund', 'refuse', null],
  ['not_installed', 'not_installed', 'refund', 'replace', REFUND_DAYS],
  ['wrong_phone', 'not_installed', 'refund', 'refuse', REFUND_DAYS],
  ['deleted', 'not_installed', 'replace', 'replace', REPLACE_DAYS],
  ['plans_changed', 'not_installed', 'refund', 'refuse', REFUND_DAYS],
  ['no_connection', 'not_installed', 'replace', 'replace', FAULT_DAYS],
  ['not_installed', 'installed', 'refuse', 'refuse', null],
  ['wrong_phone', 'installed', 'refuse', 'refuse', null],
  ['deleted', 'installed', 'replace', 'replace', REPLACE_DAYS],
  ['plans_changed', 'installed', 'refuse', 'refuse', null],
  ['no_connection', 'installed', 'replace', 'replace', FAULT_DAYS],
];

const decide = (kind: RequestKind, reason: RequestReason, standing: EsimStanding, now: number) =>
  decideRequest({ kind, reason, standing, paidAt: PAID, now });

describe('the refund policy', () => {
  it('has one rule for each reason and standing', () => {
    expect(POLICY_RULES).toHaveLength(REQUEST_REASONS.length * ESIM_STANDINGS.length);
    expect(TABLE).toHaveLength(POLICY_RULES.length);
  });

  for (const [reason, standing, refund, replace, days] of TABLE) {
    it(`${reason}, ${standing}: refund → ${refund}, replace → ${replace}`, () => {
      expect(decide('refund', reason, standing, PAID + DAY).outcome).toBe(refund);
      expect(decide('replace', reason, standing, PAID + DAY).outcome).toBe(replace);
      if (days !== null) {
        // The last day still counts; a day after, it is too late.
        expect(decide('refund', reason, standing, PAID + days * DAY).outcome).toBe(refund);
        expect(decide('refund', reason, standing, PAID + (days + 1) * DAY)).toMatchObject({
          outcome: 'refuse',
          why: 'too_late',
        });
      } else if (refund === 'refund') {
        // Nothing handed: the money always goes back.
        expect(decide('refund', reason, standing, PAID + 400 * DAY).outcome).toBe('refund');
      }
    });
  }

  it('says why it refuses', () => {
    expect(decide('refund', 'plans_changed', 'installed', PAID)).toMatchObject({ why: 'used' });
    expect(decide('replace', 'wrong_phone', 'not_installed', PAID)).toMatchObject({
      why: 'not_replaceable',
    });
    expect(
      decideRequest({
        kind: 'refund',
        reason: 'deleted',
        standing: 'installed',
        paidAt: null,
        now: PAID,
      }),
    ).toMatchObject({ outcome: 'refuse', why: 'not_paid' });
  });

  it('reads the standing from the delivery and the install progress', () => {
    expect(standingOf('waiting_for_stock', null)).toBe('not_handed');
    expect(standingOf('delivered', null)).toBe('not_installed');
    expect(standingOf('delivered', 'released')).toBe('not_installed');
    expect(standingOf('assigned', 'installed')).toBe('installed');
    expect(standingOf('delivered', 'deleted')).toBe('installed');
  });
});
