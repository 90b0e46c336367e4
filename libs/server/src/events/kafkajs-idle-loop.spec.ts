import { stopKafkajsIdleLoop } from './kafkajs-idle-loop';

// The class is internal to kafkajs: required by path, as the patch does.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const RequestQueue = require('kafkajs/src/network/requestQueue') as new (options: object) => {
  pending: Array<{ send: () => void; expectResponse: boolean; correlationId: number }>;
  throttledUntil: number;
  checkPendingRequests(): void;
  destroy(): void;
};

const silentLogger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
const idleQueue = () => new RequestQueue({ maxInFlightRequests: null, requestTimeout: 30_000, enforceRequestTimeout: false, clientId: 'test', broker: 'localhost:9092', logger: silentLogger });

describe('stopKafkajsIdleLoop', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('finds the released kafkajs looping: an idle queue schedules another check after each check', () => {
    const queue = idleQueue();
    queue.checkPendingRequests();
    expect(jest.getTimerCount()).toBe(1);
    queue.destroy();
  });

  it('leaves an idle queue without timers once applied', () => {
    expect(stopKafkajsIdleLoop()).toBe(true);
    const queue = idleQueue();
    queue.checkPendingRequests(); // what every answer from the broker does
    expect(jest.getTimerCount()).toBe(0);
  });

  it('still sends a request that waits for the broker’s throttle, once the throttle ends', () => {
    stopKafkajsIdleLoop();
    const queue = idleQueue();
    const waiting = { send: jest.fn(), expectResponse: true, correlationId: 7 };
    queue.throttledUntil = Date.now() + 50;
    queue.pending.push(waiting);
    queue.checkPendingRequests();
    expect(waiting.send).not.toHaveBeenCalled();
    expect(jest.getTimerCount()).toBe(1);
    jest.advanceTimersByTime(50);
    expect(waiting.send).toHaveBeenCalledTimes(1);
    expect(queue.pending).toEqual([]);
    expect(jest.getTimerCount()).toBe(0);
  });
});
