import type { MailTransport } from './port'

/**
 * The local stand-in: nothing leaves the machine. Delivering only marks the outbox row delivered; the
 * dev mailbox page (/__dev/mailbox) lists the outbox. Refused in production (see ./index.ts).
 */
export function createLocalMailTransport(): MailTransport {
  return {
    name: 'local',
    keepsBody: true,
    async deliver() {
      // The outbox row is the delivered message.
    },
  }
}
