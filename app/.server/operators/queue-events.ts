// The operators' live channel (bus.ts operatorChannel, event type 'queue'): every change to a
// tenant's queue — a member waiting for an answer, a claim, a release, an answer, a flag — is
// published after its transaction committed; open consoles reload their queue on it (docs/api.md,
// GET /operator/events). The chat publishes `waiting` when a member writes to a fictional profile.
import { operatorChannel, type EventBus } from '../events/bus';
import { logger } from '../observability/logger';

export type QueueChange = 'waiting' | 'claimed' | 'released' | 'answered' | 'flagged' | 'note';

export interface QueueEvent {
  conversation: number;
  change: QueueChange;
}

export async function publishQueueChange(events: EventBus, tenantId: string, event: QueueEvent): Promise<void> {
  try {
    await events.publish(operatorChannel(tenantId), { type: 'queue', data: event });
  } catch (error) {
    // The change is committed; a lost live event only delays the consoles until they reload.
    logger.error(`publishing a queue change failed: ${(error as Error).message}`);
  }
}
