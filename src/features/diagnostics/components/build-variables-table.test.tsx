import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { activateLanguage } from '@/i18n/i18n'
import { BuildVariablesTable } from './build-variables-table'

describe('/__env build variables', () => {
  it('lists VITE_ variables, MODE and BASE_URL', () => {
    vi.stubEnv('VITE_API_URL', 'https://api.example.org')
    render(<BuildVariablesTable />)
    expect(screen.getByRole('rowheader', { name: 'VITE_API_URL' })).toBeInTheDocument()
    expect(screen.getByRole('cell', { name: 'https://api.example.org' })).toBeInTheDocument()
    expect(screen.getByRole('rowheader', { name: 'MODE' })).toBeInTheDocument()
    expect(screen.getByRole('rowheader', { name: 'BASE_URL' })).toBeInTheDocument()
  })

  it('never shows a variable without the VITE_ prefix, nor its value', () => {
    // Under Vitest import.meta.env mirrors process.env, so secrets really are in the object.
    vi.stubEnv('DATABASE_URL', 'postgres://admin:hunter2@db/prod')
    vi.stubEnv('SESSION_SECRET', 'super-secret-value')
    const { container } = render(<BuildVariablesTable />)
    expect(container).not.toHaveTextContent('DATABASE_URL')
    expect(container).not.toHaveTextContent('hunter2')
    expect(container).not.toHaveTextContent('SESSION_SECRET')
    expect(container).not.toHaveTextContent('super-secret-value')
    expect(container).not.toHaveTextContent(/\bPATH\b/)
  })

  describe('in the member’s language', () => {
    afterEach(() => activateLanguage('en'))

    it('names the table, its columns and an empty value in Spanish', async () => {
      await activateLanguage('es')
      vi.stubEnv('VITE_EMPTY', '')
      render(<BuildVariablesTable />)
      expect(screen.getByRole('table', { name: 'Variables de compilación' })).toBeInTheDocument()
      expect(screen.getByRole('columnheader', { name: 'Nombre' })).toBeInTheDocument()
      expect(screen.getByRole('columnheader', { name: 'Valor' })).toBeInTheDocument()
      expect(screen.getByRole('cell', { name: '(vacío)' })).toBeInTheDocument()
    })
  })
})
