import fs from 'node:fs';
import path from 'node:path';
import { NOTIFICATION_WORDS, notificationText } from './notification-text';
import { PUSH_LANGUAGES, subscribeRequest } from './subscribe-request';

const LOCALES = path.join(__dirname, '..', '..', '..', 'client', 'src', 'i18n', 'locales');

test("a push notification says what the page's own notification says, in each of the client's languages", () => {
  const files = fs.readdirSync(LOCALES).filter((f) => f.endsWith('.json'));
  expect(files.map((f) => f.replace('.json', '')).sort()).toEqual([...PUSH_LANGUAGES].sort());
  for (const language of PUSH_LANGUAGES) {
    const alerts = (JSON.parse(fs.readFileSync(path.join(LOCALES, `${language}.json`), 'utf8')) as { table: { alerts: Record<string, string> } }).table.alerts;
    expect(NOTIFICATION_WORDS[language]).toEqual({ title: alerts.notification, body: alerts.notificationBody });
  }
  expect(notificationText('de', 'anygame', 'K7M2PQ')).toEqual({ title: 'Du bist dran · Anygame', body: 'Das Spiel in Raum K7M2PQ wartet auf dich.' });
});

test('a subscription names an https push service outside this machine and its network, unless a test allows it', () => {
  const keys = { p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url'), auth: Buffer.alloc(16, 1).toString('base64url') };
  const request = (endpoint: string) => ({ seatToken: 'a'.repeat(32), language: 'en', subscription: { endpoint, keys } });
  expect(subscribeRequest().safeParse(request('https://push.example.net/send/abc')).success).toBe(true);
  for (const endpoint of [
    'http://push.example.net/send/abc',
    'https://user:pw@push.example.net/x',
    'https://localhost/x',
    'https://127.0.0.1:8443/x',
    'https://10.1.2.3/x',
    'https://192.168.0.1/x',
    'https://169.254.169.254/latest',
    'https://[::1]/x',
    'https://[fd00::1]/x',
    'not a url',
  ]) {
    expect(subscribeRequest().safeParse(request(endpoint)).success).toBe(false);
  }
  expect(subscribeRequest(true).safeParse(request('https://127.0.0.1:8443/x')).success).toBe(true);
  expect(subscribeRequest(true).safeParse(request('http://127.0.0.1:8443/x')).success).toBe(false);
  expect(subscribeRequest().safeParse({ ...request('https://push.example.net/x'), extra: 1 }).success).toBe(false);
});
