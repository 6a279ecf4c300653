import { View } from '@tarojs/components';
export default function Entrance() { return <View className="x">hello</View>; }
