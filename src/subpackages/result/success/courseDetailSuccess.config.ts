export default definePageConfig({ navigationBarTitleText: '报名成功' });
