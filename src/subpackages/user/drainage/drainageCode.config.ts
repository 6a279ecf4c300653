export default definePageConfig({ navigationBarTitleText: '关注我们' });
