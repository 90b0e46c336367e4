import type { Caller } from '@closetly/contracts';
import { DomainError } from '../errors/domain-error';
import { SystemStatusReader } from './system-status';

const admin: Caller = { uid: 'u1', sid: 's1', roles: ['admin'] };
const shopper: Caller = { uid: 'u2', sid: 's2', roles: [] };

describe('SystemStatusReader', () => {
  function reader() {
    const outbox = { backlog: jest.fn().mockResolvedValue({ pending: 3, oldestAgeSeconds: 42.7 }) };
    const events = {
      consumerStatus: jest.fn().mockResolvedValue({
        lag: [{ topic: 'wardrobe.item-saved.v1', partition: 0, lag: 5 }],
        deadLetters: [{ topic: 'wardrobe.item-saved.v1.dlt', count: 2 }],
      }),
    };
    return { outbox, events, reader: new SystemStatusReader('catalogue', outbox, events, 'prod-catalogue') };
  }

  it("answers an administrator the service's outbox, and its own consumer group's lag and dead letters", async () => {
    const { reader: status, events } = reader();
    await expect(status.read(admin)).resolves.toEqual({
      service: 'catalogue',
      outbox: { pending: 3, oldestPendingSeconds: 42 },
      consumerLag: [{ topic: 'wardrobe.item-saved.v1', partition: 0, lag: 5 }],
      deadLetters: [{ topic: 'wardrobe.item-saved.v1.dlt', count: 2 }],
    });
    expect(events.consumerStatus).toHaveBeenCalledWith('prod-catalogue');
  });

  it('names no oldest wait when nothing is pending', async () => {
    const { reader: status, outbox } = reader();
    outbox.backlog.mockResolvedValue({ pending: 0, oldestAgeSeconds: 0 });
    await expect(status.read(admin)).resolves.toMatchObject({ outbox: { pending: 0, oldestPendingSeconds: null } });
  });

  it('refuses anyone else before reading anything', async () => {
    const { reader: status, outbox, events } = reader();
    await expect(status.read(shopper)).rejects.toEqual(new DomainError('FORBIDDEN', 'Unauthorized access.'));
    expect(outbox.backlog).not.toHaveBeenCalled();
    expect(events.consumerStatus).not.toHaveBeenCalled();
  });
});
