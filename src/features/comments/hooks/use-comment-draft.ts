import { CommentFormSchema } from '@contract/comments'
import { useState } from 'react'
import { translateText } from '@/i18n/i18n'

function problemOf(content: string): string | null {
  const result = CommentFormSchema.safeParse({ content })
  return result.success ? null : (result.error.issues[0]?.message ?? null)
}

/**
 * The text of a comment being written or edited, checked on the contract's rules (spec 001 §5):
 * first when the member submits, then on every change once an error has been shown.
 */
export function useCommentDraft(initial = '') {
  const [value, setValue] = useState(initial)
  const [error, setError] = useState<string | null>(null)
  const [checking, setChecking] = useState(false)

  return {
    value,
    /** The contract's message, in the member's language. */
    error: error === null ? null : translateText(error),
    change(next: string) {
      setValue(next)
      if (checking) setError(problemOf(next))
    },
    /** The trimmed text to send, or null after showing why it cannot be sent. */
    submit(): string | null {
      const result = CommentFormSchema.safeParse({ content: value })
      if (result.success) {
        setError(null)
        return result.data.content
      }
      setError(result.error.issues[0]?.message ?? null)
      setChecking(true)
      return null
    },
    reset(next = '') {
      setValue(next)
      setError(null)
      setChecking(false)
    },
  }
}

export type CommentDraft = ReturnType<typeof useCommentDraft>
