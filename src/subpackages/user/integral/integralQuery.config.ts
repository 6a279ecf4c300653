export default definePageConfig({ navigationBarTitleText: '积分查询' });
