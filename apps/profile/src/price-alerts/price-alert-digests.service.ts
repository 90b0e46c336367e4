import { Inject, Injectable, Logger } from '@nestjs/common';
import { type Caller, ONE_CLICK_UNSUBSCRIBE_PATH, type PriceAlertsRunResult } from '@closetly/contracts';
import { type Db, type Mail, MailQueue, UnitOfWork } from '@closetly/server';
import { PROFILE_CONFIG, type ProfileConfig } from '../config';
import { ProfileError } from '../profile.errors';
import { ProfilesRepository } from '../profiles/profiles.repository';
import { type NotificationRow, NotificationsRepository } from './notifications.repository';
import { PRICE_ALERTS_CLOCK, type PriceAlertsClock } from './price-alerts.service';
import { UnsubscribeTokens } from './unsubscribe-tokens';

/** The digest day of a moment: whole PRICE_ALERTS_DIGEST_DAY_MS since the epoch (a UTC calendar day by default). */
export const digestDay = (at: Date, dayMs: number): number => Math.floor(at.getTime() / dayMs);

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const money = (amount: number | null, currency: string | null) => (amount === null ? 'no price' : `${amount.toFixed(2)}${currency ? ` ${currency}` : ''}`);

/** One line of the digest: "Brand Name: 100.00 EUR → 85.00 EUR (down 15%)". */
export function digestLine(row: NotificationRow): string {
  const change = row.oldPrice && row.newPrice ? Math.round(((row.newPrice - row.oldPrice) / row.oldPrice) * 100) : null;
  const why = row.kind === 'below-target' ? 'below your target' : change === null ? '' : change < 0 ? `down ${-change}%` : `up ${change}%`;
  return `${row.brand} ${row.name}: ${money(row.oldPrice, row.currency)} → ${money(row.newPrice, row.currency)}${why ? ` (${why})` : ''}`;
}

/**
 * The daily price-alert digest: at most one mail per user per digest day, listing every alert no digest
 * listed yet. The day's row (user, day) is written in the transaction that marks the lines listed, so two
 * runs (or two replicas) never send a user two digests on one day; lines that crossed after the day's digest
 * wait for the next day's. A user whose alerts are off by then gets no mail: their lines are closed unsent.
 * Mails leave through the mail queue after the transaction commits.
 */
@Injectable()
export class PriceAlertDigestsService {
  private readonly log = new Logger(PriceAlertDigestsService.name);

  constructor(
    private readonly notifications: NotificationsRepository,
    private readonly profiles: ProfilesRepository,
    private readonly uow: UnitOfWork,
    private readonly mailQueue: MailQueue,
    private readonly tokens: UnsubscribeTokens,
    @Inject(PROFILE_CONFIG) private readonly config: Pick<ProfileConfig, 'PUBLIC_URL' | 'PRICE_ALERTS_DIGEST_DAY_MS'>,
    @Inject(PRICE_ALERTS_CLOCK) private readonly clock: PriceAlertsClock,
  ) {}

  /** POST /api/admin/price-alerts/run: the due digests now (administrators; checked here, not only by the gateway). */
  async runNow(caller: Caller): Promise<PriceAlertsRunResult> {
    if (!caller.roles.includes('admin')) throw new ProfileError('FORBIDDEN', 'Unauthorized access.');
    return this.runDue();
  }

  /** Sends every due digest; answers how many digests and lines went out. */
  async runDue(): Promise<PriceAlertsRunResult> {
    const now = this.clock.now();
    const day = digestDay(now, this.config.PRICE_ALERTS_DIGEST_DAY_MS);
    const result = { digests: 0, items: 0 };
    for (const userId of await this.notifications.usersWithPendingLines()) {
      const mail = await this.uow.run((tx) => this.digestFor(userId, day, now, tx));
      if (!mail) continue;
      this.mailQueue.enqueue(mail.mail);
      result.digests += 1;
      result.items += mail.items;
    }
    if (result.digests > 0) this.log.log(result, 'price alert digests sent');
    return result;
  }

  private async digestFor(userId: string, day: number, now: Date, tx: Db): Promise<{ mail: Mail; items: number } | undefined> {
    if (await this.notifications.hasDigest(userId, day, tx)) return undefined;
    const lines = await this.notifications.pendingLinesForUpdate(userId, tx);
    if (lines.length === 0) return undefined;
    const profile = await this.profiles.find(userId, tx);
    if (!profile?.priceAlerts.enabled || !profile.email) {
      await this.notifications.markDigested(lines.map((line) => line.id), now, tx);
      return undefined;
    }
    if (!(await this.notifications.recordDigest({ userId, day, sentAt: now, items: lines.length }, tx))) return undefined;
    await this.notifications.markDigested(lines.map((line) => line.id), now, tx);
    return { mail: this.digestMail(profile.email, userId, lines, now), items: lines.length };
  }

  private digestMail(to: string, userId: string, lines: readonly NotificationRow[], now: Date): Mail {
    const token = this.tokens.sign(userId, now);
    // The link a reader clicks opens the web page (which asks the API); mail clients' one-click POST goes to the API itself (RFC 8058).
    const unsubscribe = new URL('/unsubscribe', this.config.PUBLIC_URL);
    unsubscribe.searchParams.set('token', token);
    const oneClick = new URL(ONE_CLICK_UNSUBSCRIBE_PATH, this.config.PUBLIC_URL);
    oneClick.searchParams.set('token', token);
    const settings = new URL('/account', this.config.PUBLIC_URL).toString();
    const texts = lines.map(digestLine);
    const subject = lines.length === 1 ? 'Price alert: 1 item crossed your threshold' : `Price alerts: ${lines.length} items crossed your thresholds`;
    return {
      to,
      subject,
      text: [`Prices of items you saved moved:`, '', ...texts.map((line) => `- ${line}`), '', `Change your alerts: ${settings}`, `Unsubscribe from price alerts: ${unsubscribe.toString()}`].join('\n'),
      html:
        `<p>Prices of items you saved moved:</p><ul>${texts.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>` +
        `<p><a href="${escapeHtml(settings)}">Change your alerts</a> · <a href="${escapeHtml(unsubscribe.toString())}">Unsubscribe from price alerts</a></p>`,
      headers: { 'List-Unsubscribe': `<${oneClick.toString()}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    };
  }
}
