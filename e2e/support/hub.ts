import type { Page } from 'playwright/test'

/**
 * Resolves once the next hub WebSocket the page opens has had its handshake answered (its first
 * frame from the server). The app connects after the first card; a test that cuts the network
 * while it is still connecting gets the browser's own console error for the failed socket.
 * Call it before the navigation that opens the connection.
 */
export function nextHubConnection(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      if (socket.url().includes('/hub/notifications')) socket.once('framereceived', () => resolve())
    })
  })
}
