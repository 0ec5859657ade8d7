import { createFileRoute } from '@tanstack/react-router'
import { AuditLogPage } from '@/features/moderation/components/audit-log-page'
import { AdminOnly } from '@/features/moderation/components/moderation-layout'

export const Route = createFileRoute('/_main/moderation/audit')({
  component: () => (
    <AdminOnly>
      <AuditLogPage />
    </AdminOnly>
  ),
})
