import { createFileRoute } from '@tanstack/react-router'
import { AdminOnly } from '@/features/moderation/components/moderation-layout'
import { RolesPage } from '@/features/moderation/components/roles-page'

export const Route = createFileRoute('/_main/moderation/roles')({
  component: () => (
    <AdminOnly>
      <RolesPage />
    </AdminOnly>
  ),
})
