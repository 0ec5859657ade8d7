// The wording is shared with the service worker, which may import only contract/.
export * from '@contract/notification-wording'
