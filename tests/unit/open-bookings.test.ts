import { describe, expect, it } from 'vitest';
import { normaliseEmail, takePlaces } from '../../src/server/scheduling/open-bookings';

const soon = () => new Date(Date.now() + 86_400_000);
const limits = { perEmail: 2, perIp: 4 };

describe('the open-bookings limit', () => {
  it('treats the spellings of one mailbox as one address', () => {
    expect(normaliseEmail(' Anna.Nowak+promo@Example.org ')).toBe('anna.nowak@example.org');
    expect(normaliseEmail('a.n.n.a+1@googlemail.com')).toBe('anna@gmail.com');
    expect(normaliseEmail('A.nna@GMAIL.com')).toBe('anna@gmail.com');
    expect(normaliseEmail('anna@example.org')).not.toBe(normaliseEmail('anna@example.net'));
  });

  it('lets through exactly the limit of concurrent bookings for one address, and frees a released place', async () => {
    const attempts = await Promise.allSettled(
      Array.from({ length: 10 }, (_, index) => takePlaces(`race+${index}@example.org`, { ipKey: `198.51.100.${index}` }, soon(), limits)),
    );
    const held = attempts.filter((attempt) => attempt.status === 'fulfilled');
    console.log(`concurrent bookings for one address: ${held.length} of 10 got a place`);
    expect(held).toHaveLength(2);
    expect(attempts.filter((attempt) => attempt.status === 'rejected').map((attempt) => (attempt as PromiseRejectedResult).reason.code)).toEqual(
      Array(8).fill('booking_limit_reached'),
    );
    await (held[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof takePlaces>>>).value.release();
    await expect(takePlaces('race@example.org', { ipKey: '198.51.100.77' }, soon(), limits)).resolves.toBeDefined();
    await expect(takePlaces('race@example.org', { ipKey: '198.51.100.78' }, soon(), limits)).rejects.toMatchObject({ code: 'booking_limit_reached', status: 409 });
  });

  it('counts one client across addresses, and a refused address holds no place of the client', async () => {
    const caller = { ipKey: '203.0.113.9' };
    for (let index = 0; index < 4; index++) await takePlaces(`person${index}@example.org`, caller, soon(), limits);
    await expect(takePlaces('person9@example.org', caller, soon(), limits)).rejects.toMatchObject({ code: 'booking_limit_reached' });
    // The address limit refuses first for a full address; its try takes nothing from another client.
    const other = { ipKey: '203.0.113.10' };
    await takePlaces('full@example.org', other, soon(), limits);
    await takePlaces('full@example.org', other, soon(), limits);
    await expect(takePlaces('full@example.org', other, soon(), limits)).rejects.toMatchObject({ code: 'booking_limit_reached' });
    await takePlaces('fresh1@example.org', other, soon(), limits);
    await takePlaces('fresh2@example.org', other, soon(), limits);
    await expect(takePlaces('fresh3@example.org', other, soon(), limits)).rejects.toMatchObject({ code: 'booking_limit_reached' });
  });

  it('frees the places of a booking whose slot has ended, and 0 means no limit', async () => {
    const places = await takePlaces('past@example.org', { ipKey: '192.0.2.50' }, soon(), { perEmail: 1, perIp: 1 });
    await places.keep(new Date(Date.now() - 1), 'booking-past');
    await expect(takePlaces('past@example.org', { ipKey: '192.0.2.50' }, soon(), { perEmail: 1, perIp: 1 })).resolves.toBeDefined();
    for (let index = 0; index < 30; index++) await takePlaces('unlimited@example.org', { ipKey: '192.0.2.51' }, soon(), { perEmail: 0, perIp: 0 });
  });
});
