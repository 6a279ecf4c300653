export default definePageConfig({ navigationBarTitleText: '积分授权' });
