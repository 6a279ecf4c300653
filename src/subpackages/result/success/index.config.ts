export default definePageConfig({ navigationBarTitleText: '结果' });
