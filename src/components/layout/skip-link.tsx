import Box from '@mui/material/Box'

export const mainContentId = 'main-content'

// Keyboard users jump past the header; the link is shown only while focused.
export function SkipLink() {
  return (
    <Box
      component="a"
      href={`#${mainContentId}`}
      sx={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: 'tooltip',
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        '&:focus': { top: 8 },
      }}
    >
      Skip to content
    </Box>
  )
}
