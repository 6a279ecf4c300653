/**
 * A plain block of the home's modules. Mini-programs and jest: Taro's View. H5 has index.h5.tsx, a
 * plain <div>: there every View is a Stencil web component (<taro-view-core>) behind a React wrapper, and the
 * home's 90-odd of them made most of the long main-thread task that draws its modules. The activity / course detail
 * and its reviews (comment-item) draw theirs with it too, for the same reason (their content is the detail's LCP).
 */
import { View } from '@tarojs/components';
import type { ComponentType, ReactNode } from 'react';

export interface BoxProps {
  className?: string;
  id?: string;
  /** The ARIA role (e.g. img for a row of stars read as one). */
  role?: string;
  /** A tap; the event is not passed on (Taro's and the DOM's differ). */
  onClick?: () => void;
  children?: ReactNode;
}

/**
 * View itself, typed by the props both platforms honour (a cast: View's own onClick takes Taro's event, which a
 * handler without arguments ignores). `data-*` and `aria-*` attributes pass through (TSX does not check them).
 */
const Box = View as ComponentType<BoxProps>;
export default Box;
