// After a refused submit, focus goes to the first field marked invalid so keyboard and screen
// reader users land on the problem (its message is tied to it by aria-describedby).
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
}
