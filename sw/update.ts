import { SkipWaitingMessageSchema } from '@contract/service-worker-messages'

declare const self: ServiceWorkerGlobalScope

// A new version waits until the member accepts the update prompt: activating on its own could
// swap the app under someone mid-form (DESIGN §6, registerType 'prompt').
export function activateWhenAsked(event: ExtendableMessageEvent): void {
  if (SkipWaitingMessageSchema.safeParse(event.data).success) {
    void self.skipWaiting()
  }
}
