import { describe, expect, it } from 'vitest';
import { Sender } from 'ws';
import { frameHeader } from '../../server/src/graphql/live-hub.js';

/**
 * The live hub writes its `next` messages to the TCP socket itself (one write per socket per flush); the browsers'
 * WebSocket must read exactly the frames the `ws` library would have sent. Compared with ws's own framing for each
 * of the three length encodings of RFC 6455 §5.2.
 */
describe('live hub frames', () => {
  for (const length of [0, 125, 126, 200, 65535, 65536, 300_000]) {
    it(`a ${length}-byte text message gets the header ws would write`, () => {
      const [header] = (Sender as any).frame(Buffer.alloc(length, 0x61), {
        fin: true,
        opcode: 1,
        mask: false,
        readOnly: false,
        rsv1: false,
      }) as Buffer[];
      expect(frameHeader(length).equals(header)).toBe(true);
    });
  }
});
