import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { activateLanguage } from '@/i18n/i18n'
import { aComment, aPage, renderComments, THREAD } from '../testing/render-comments'

describe('Comments area in the member’s language', () => {
  afterEach(() => activateLanguage('en'))

  it('words the thread, a comment and the form in Spanish', async () => {
    await activateLanguage('es')
    renderComments({
      routes: {
        [`GET ${THREAD}`]: {
          json: aPage([aComment({ author_display_name: 'Quiet Cedar', is_op: true, likes: 3 })]),
        },
      },
    })
    expect(await screen.findByRole('listitem', { name: 'Comentario de Quiet Cedar' })).toBeVisible()
    expect(screen.getByText('(autor)')).toBeVisible()
    expect(screen.getByRole('button', { name: 'Ver a quién le gustó (3)' })).toBeVisible()
    expect(screen.getByRole('textbox', { name: 'Escribe un comentario' })).toHaveAttribute(
      'placeholder',
      'Escribe un comentario (máx. 200 caracteres)',
    )
    expect(screen.getByRole('button', { name: 'Publicar' })).toBeVisible()
  })

  it('says an empty thread in Arabic', async () => {
    await activateLanguage('ar')
    renderComments({ routes: { [`GET ${THREAD}`]: { json: aPage([]) } } })
    expect(await screen.findByText('لا توجد تعليقات بعد.')).toBeVisible()
  })
})
