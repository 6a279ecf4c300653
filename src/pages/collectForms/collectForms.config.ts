export default definePageConfig({ navigationBarTitleText: '信息登记' });
