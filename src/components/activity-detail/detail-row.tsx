import type { ReactNode } from 'react';
import Box from '../box';

interface DetailRowProps {
  /** The grey label at the left. */
  label: string;
  children: ReactNode;
}

/** One label and value line of the detail's attribute, time and place blocks. */
export default function DetailRow({ label, children }: DetailRowProps) {
  return (
    <Box className="sf-act__row">
      <Box className="sf-act__label">{label}</Box>
      <Box className="sf-act__value">{children}</Box>
    </Box>
  );
}
