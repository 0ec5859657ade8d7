import { createFileRoute } from '@tanstack/react-router'
import { CreateTestimonyPage } from '@/features/testimonies/components/create-testimony-page'
import { requireMember } from '@/lib/route-guards'

export const Route = createFileRoute('/_main/testimonies/create')({
  beforeLoad: requireMember,
  component: CreateTestimonyPage,
})
