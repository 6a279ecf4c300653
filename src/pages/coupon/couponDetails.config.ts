export default definePageConfig({ navigationBarTitleText: '卡券详情' });
