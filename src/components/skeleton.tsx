import styles from '@/ui/skeleton.module.css'
import { cx } from '@/ui/class-names'

type SkeletonProps = {
  variant?: 'text' | 'circular' | 'rounded'
  width?: number | string
  height?: number | string
  className?: string
}

/** A placeholder block that looks like MUI's Skeleton (a span), for the first screen (ADR 0025). */
export function Skeleton({ variant = 'text', width, height, className }: SkeletonProps) {
  return (
    <span className={cx(styles.skeleton, styles[variant], className)} style={{ width, height }} />
  )
}
