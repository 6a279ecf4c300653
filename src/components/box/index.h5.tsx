/** H5 Box (see index.tsx): a plain <div> drawn by react-dom, no web component. */
import type { BoxProps } from './index';

export default function Box({ onClick, children, ...rest }: BoxProps) {
  return (
    <div {...rest} onClick={onClick ? () => onClick() : undefined}>
      {children}
    </div>
  );
}
