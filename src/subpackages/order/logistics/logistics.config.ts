export default definePageConfig({ navigationBarTitleText: '物流详情' });
