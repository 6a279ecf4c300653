export default definePageConfig({ navigationBarTitleText: '我的银行卡' });
