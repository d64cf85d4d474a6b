import { describe, expect, it } from 'vitest';
import type { NotificationItem } from '../../../server/modules/notifications/notifications.schemas';
import fi from '../../i18n/fi.json';
import { createI18n } from '../../lib/i18n';
import { notificationText } from './notification-text';

const i18n = createI18n('fi', { fi });
const t = (key: string, params?: Record<string, unknown>) => i18n.t(key, params as Record<string, string | number>);
const item = (kind: NotificationItem['kind'], data: Record<string, unknown>): NotificationItem => ({
  id: 1,
  kind,
  data,
  created_at: '2026-05-01T10:00:00Z',
  read_at: null,
  url: '/deals',
});

describe('notificationText of deals and ratings (issue 25)', () => {
  it('invites the buyer to rate when the seller marks the ad sold to them', () => {
    const sold = notificationText(
      item('deal_made', { deal_id: 3, kind: 'sold', role: 'buyer', ad: { uuid: 'u', name: 'Jopo' }, other_name: 'Maija' }),
      t,
    );
    expect(sold).toEqual({
      text: 'Maija merkitsi ilmoituksen ”Jopo” myydyksi sinulle.',
      detail: 'Arvioi kauppa 30 päivän kuluessa Omat kaupat -sivulla.',
    });
    const given = notificationText(
      item('deal_made', { deal_id: 3, kind: 'given', role: 'buyer', ad: { uuid: 'u', name: 'Sohva' }, other_name: 'Maija' }),
      t,
    );
    expect(given.text).toBe('Maija merkitsi ilmoituksen ”Sohva” tavaran annetuksi sinulle.');
  });

  it('tells the rated person of a public rating with its stars', () => {
    const one = notificationText(item('rating_received', { rating_id: 1, deal_id: 3, stars: 1, subject: 'Jopo', role: 'seller' }), t);
    expect(one.text).toBe('Sait arvion kaupasta ”Jopo”: 1 tähti.');
    const five = notificationText(item('rating_received', { rating_id: 1, deal_id: 3, stars: 5, subject: 'Jopo', role: 'seller' }), t);
    expect(five.text).toBe('Sait arvion kaupasta ”Jopo”: 5 tähteä.');
  });

  it('tells the rater their rating was hidden, and the reporter the outcome', () => {
    const rater = notificationText(
      item('report_decided', { role: 'rater', action: 'hide_rating', subject: 'rating', ad: null, rating_subject: 'Jopo' }),
      t,
    );
    expect(rater.text).toContain('Arviosi kaupasta ”Jopo” piilotettiin');
    const reporter = notificationText(item('report_decided', { role: 'reporter', action: 'hide_rating', subject: 'rating', ad: null }), t);
    expect(reporter.text).toBe('Ilmoituksesi (arvio) käsiteltiin: arvio piilotettiin.');
  });
});
