/**
 * An icon of the icon font (styles/icons.scss names taro-ui's `at-icon at-icon-<name>` classes), drawn as
 * taro-ui's AtIcon draws it: a Text with the two classes and the size as font size (size * 2 design px). The
 * first-screen components (page header, empty view) use this instead of AtIcon, whose module brings taro-ui's
 * shared utilities, prop-types and classnames into the H5 first screen with it.
 */
import { Text } from '@tarojs/components';
import Taro from '@tarojs/taro';

interface IconProps {
  /** The icon's name in the font, e.g. 'chevron-left', 'home'. */
  value: string;
  /** In px of a 375-wide screen, as AtIcon's size (24 by default). */
  size?: number;
  color?: string;
}

export default function Icon({ value, size = 24, color }: IconProps) {
  return <Text className={`at-icon at-icon-${value}`} style={{ fontSize: Taro.pxTransform(size * 2), color }} />;
}
