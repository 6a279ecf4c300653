export default definePageConfig({ navigationBarTitleText: '协商历史' });
