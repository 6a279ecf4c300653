export default definePageConfig({ navigationBarTitleText: '兑换中心' });
