import { flushSync } from 'react-dom'

type Listener = (overflows: boolean) => void

const listeners = new WeakMap<Element, Listener>()
let observer: ResizeObserver | undefined

const overflowsOf = (element: Element) => element.scrollHeight > element.clientHeight + 1

/**
 * One ResizeObserver for every clamped text on the page. Its callback runs after the browser's
 * own layout of the frame and before the paint, so reading the sizes forces no extra layout (a
 * wall of cards measured in the render's commit cost a phone a layout per render, issue 18), and
 * `flushSync` draws the "Read more" links in that same frame: nothing shifts under the reader.
 */
function sharedObserver(): ResizeObserver {
  observer ??= new ResizeObserver((entries) => {
    flushSync(() => {
      for (const { target } of entries) listeners.get(target)?.(overflowsOf(target))
    })
  })
  return observer
}

/**
 * Tells `listener` whether `element`'s content overflows its box, now and whenever its size
 * changes. Returns the function that stops watching. Without ResizeObserver (old browsers, the
 * unit tests' DOM) it measures once.
 */
export function watchOverflow(element: Element, listener: Listener): () => void {
  if (typeof ResizeObserver === 'undefined') {
    listener(overflowsOf(element))
    return () => {}
  }
  listeners.set(element, listener)
  sharedObserver().observe(element)
  return () => {
    observer?.unobserve(element)
    listeners.delete(element)
  }
}
