import { useEffect, useSyncExternalStore } from 'react'

// Forms report unsaved input here so an app update never reloads the page under someone mid-form
// (DESIGN §6). It lives in lib/ because every feature's forms use it and features never import
// each other.
const holders = new Set<symbol>()
const listeners = new Set<() => void>()

function notify(): void {
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function hasUnsavedInput(): boolean {
  return holders.size > 0
}

/** Marks one piece of unsaved input; call the returned function once it is saved or discarded. */
export function registerUnsavedInput(): () => void {
  const holder = Symbol('unsaved input')
  holders.add(holder)
  notify()
  return () => {
    if (holders.delete(holder)) notify()
  }
}

/** For a form: pass whether it holds input that is not yet saved (e.g. react-hook-form's isDirty). */
export function useUnsavedChanges(isDirty: boolean): void {
  useEffect(() => (isDirty ? registerUnsavedInput() : undefined), [isDirty])
}

export function useHasUnsavedChanges(): boolean {
  // The build-time render of the landing page (src/prerender-landing.tsx) has no form.
  return useSyncExternalStore(subscribe, hasUnsavedInput, () => false)
}
