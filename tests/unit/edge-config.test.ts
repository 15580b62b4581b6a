// Issue 40: the edge's small pure parts: EMBED_FRAME_ANCESTORS, the log's URL redaction, the fingerprint's
// canonical form.
import { describe, expect, it } from 'vitest';
import { parseFrameAncestors } from '../../server/config.ts';
import { redactUrl } from '../../server/http/logging.ts';
import { canonical } from '../../server/http/idempotency/fingerprint.ts';

describe('EMBED_FRAME_ANCESTORS', () => {
  it('defaults to any https site and the portal; takes sources by spaces or commas; refuses what is not a source', () => {
    expect(parseFrameAncestors(undefined)).toEqual(['https:', "'self'"]);
    expect(parseFrameAncestors('https://shop.example, https://*.retailer.example:8443 http://localhost:3000')).toEqual([
      'https://shop.example',
      'https://*.retailer.example:8443',
      'http://localhost:3000',
    ]);
    expect(parseFrameAncestors("'none'")).toEqual(["'none'"]);
    for (const bad of ['https://shop.example/path', "'unsafe-inline'", 'shop example;script-src *', '*'])
      expect(() => parseFrameAncestors(bad), bad).toThrow(/EMBED_FRAME_ANCESTORS/);
  });
});

describe('request log URLs', () => {
  it('replace the values of token-like parameters, whatever their case, and keep the rest', () => {
    expect(redactUrl('/backend/gets/user/3?access_token=abc&id_user=3')).toBe(
      '/backend/gets/user/3?access_token=[redacted]&id_user=3',
    );
    expect(redactUrl('/reset-password?email=a%40b&TOKEN=x1')).toBe('/reset-password?email=a%40b&TOKEN=[redacted]');
    expect(redactUrl('/iframe/360?id_product=1&key=k&frames=24')).toBe('/iframe/360?id_product=1&key=[redacted]&frames=24');
    expect(redactUrl('/catalog?monkey=1')).toBe('/catalog?monkey=1');
  });
});

describe('the fingerprint canonical form', () => {
  it('orders keys, keeps array order, drops undefined', () => {
    expect(canonical({ b: 1, a: [2, { d: undefined, c: 'x' }] })).toBe(canonical({ a: [2, { c: 'x' }], b: 1 }));
    expect(canonical([1, 2])).not.toBe(canonical([2, 1]));
  });
});
