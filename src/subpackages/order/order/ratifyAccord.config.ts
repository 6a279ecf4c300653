export default definePageConfig({ navigationBarTitleText: '签署协议' });
