console.log('samurai')
